"""The app's widgets: card table, detail pane, deck pane, problems panel, deck charts."""
