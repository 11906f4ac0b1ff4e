"""What the Chromium tests share: the browser (Debian's /usr/bin/chromium, driven by
Playwright), its flags, the static files."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

try:
    from playwright import sync_api
except ImportError:  # the browser tests skip
    sync_api = None

CHROMIUM = os.environ.get("MAHJONGG_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-extensions", "--metrics-recording-only", "--mute-audio",
]
STATIC = Path(__file__).resolve().parent.parent / "src" / "mahjongg" / "web" / "static"
