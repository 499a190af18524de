"""Request bodies handed to the readers the CLI uses. Those read files (they detect the format,
the encoding and the CSV dialect from the file), so a body is written to a file of its own in a
private temporary folder, named as the client calls it — errors then name `cards.csv: line 3`,
never the temporary folder."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from fastapi import Request

from converters.errors import TwgpError

_UNSAFE = re.compile(r"[^A-Za-z0-9._ -]+")


def safe_name(name: str | None, default: str) -> str:
    """A plain file name from what the client sent (no folders, no odd characters)."""
    cleaned = _UNSAFE.sub("_", Path(name or "").name).strip(" .")[:80]
    return cleaned or default


class SpooledBody:
    """The body of a request in a temporary file; `close()` removes it."""

    def __init__(self, name: str) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="twgp-body-"))
        self.path = self.folder / name

    async def fill(self, request: Request) -> SpooledBody:
        with open(self.path, "wb") as file:
            async for chunk in request.stream():
                file.write(chunk)
        return self

    def relabel(self, exc: TwgpError) -> TwgpError:
        """The error with the temporary folder taken out of its message."""
        exc.message = self.unfolded(exc.message)
        exc.args = (exc.message,)
        return exc

    def unfolded(self, text: str) -> str:
        """`text` (an error, a record's position) without the temporary folder."""
        return text.replace(f"{self.folder}/", "").replace(str(self.folder), "")

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


async def spool(request: Request, name: str) -> SpooledBody:
    body = SpooledBody(name)
    try:
        return await body.fill(request)
    except BaseException:
        body.close()
        raise
