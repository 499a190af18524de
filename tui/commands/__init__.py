"""One module per command group; each exposes `register(app)` and stays thin: parse the
arguments, call one service function, render the result."""
