"""The web page at `/`: a small page over the API (service/static/app.js) for players without a
terminal — search cards, read a card beside its TWGP reading, paste or upload a decklist, see
the draft and its validation, download any export. English and Japanese (`?lang=ja`);
`?q=` fills the search box and the script runs the search.

The page shell is rendered by Jinja2 (autoescaped) with the texts of its language; the
script puts every card-derived string into the page as text, never as markup.

The page itself, its script and the API's description hold no catalog data, so they are open
on a `--private` server too: there the page asks for an API key and sends it with every call
(the key stays in the browser tab's session storage)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated
from urllib.parse import urlencode

import fastapi_offline
from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.responses import Response

from service.deps import settings_of
from service.page_text import TEXTS
from service.routes.cards import MAX_QUERY, Lang

HERE = Path(__file__).parent
#: Swagger UI 5 (reads OpenAPI 3.1, which FastAPI writes), as packaged by `fastapi-offline`:
#: its static files only (its FastAPI factory is not used). `swagger-ui-bundle` on PyPI stops
#: at Swagger UI 4.15, which cannot render OpenAPI 3.1.
DOCS_ASSETS = Path(fastapi_offline.__file__).parent / "static"
templates = Jinja2Templates(directory=HERE / "templates")
router = APIRouter(include_in_schema=False)

#: the page loads only its own script and style, and talks only to this server
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
          "img-src 'self' data:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'")


def other_language(lang: Lang, q: str) -> str:
    """The page in the other language, with the same query (the script keeps it current as
    the query changes, and keeps the decklist in the browser's local storage)."""
    params = {"lang": "en" if lang == "ja" else "ja"} | ({"q": q} if q else {})
    return f"/?{urlencode(params)}"


@router.get("/")
async def page(
    request: Request,
    lang: Annotated[Lang, Query()] = "en",
    q: Annotated[str, Query(max_length=MAX_QUERY)] = "",
) -> Response:
    response = templates.TemplateResponse(
        request, "index.html", {"lang": lang, "t": TEXTS[lang], "texts": TEXTS[lang], "q": q,
                                "other_lang_href": other_language(lang, q),
                                "private": settings_of(request).private},
    )
    response.headers["Content-Security-Policy"] = POLICY
    return response


def mount_static(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    # The interactive API docs from a packaged Swagger UI 5, not a CDN: they work offline.
    app.mount("/docs-static", StaticFiles(directory=DOCS_ASSETS), name="docs-static")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> Response:
        return get_swagger_ui_html(
            openapi_url="/openapi.json", title="twgp API",
            swagger_js_url="/docs-static/swagger-ui-bundle.js",
            swagger_css_url="/docs-static/swagger-ui.css",
            swagger_favicon_url="/docs-static/favicon.png",
        )  # fmt: skip
