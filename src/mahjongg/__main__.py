"""``python -m mahjongg`` runs the command line."""

from .cli import main

main()
