"""`twgp serve`: the HTTP API and web page over the catalog, converters and deck services."""
