"""twgp's Python client of its HTTP API (`twgp.client.TwgpClient`)."""
