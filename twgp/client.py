"""A Python client of the twgp HTTP API (`twgp serve`), over httpx.

    from twgp.client import TwgpClient

    with TwgpClient("http://127.0.0.1:8000") as api:
        for card in api.search("type:unit grade>=6"):   # every page, following `next_page`
            print(card.name, card.grade)
        bolt = api.card("mtg:m10-bolt")
        report = api.validate(open("deck.twgp").read())

Results are the API's documents as typed pydantic models (service/documents.py: the models the
server's OpenAPI schema is made from; fields the model does not name are kept too). A problem
document (any 4xx/5xx) is raised as `ApiError` with its `status`, `code`, `detail` and
`hint`. 429 and 503 are retried, waiting what `Retry-After` says (else backing off
exponentially), a bounded number of times (tenacity); the last answer is then raised."""

from __future__ import annotations

import email.utils
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

import httpx
import tenacity
from pydantic import BaseModel, ConfigDict

from service.documents import (
    Built,
    BulkList,
    Card,
    CardPage,
    CardWithPrintings,
    Game,
    Stats,
    Validation,
)

__all__ = [
    "ApiError",
    "Autocomplete",
    "Built",
    "BulkList",
    "Card",
    "CardList",
    "CardPage",
    "CardWithPrintings",
    "Game",
    "SetInfo",
    "Stats",
    "TwgpClient",
    "Validation",
]

RETRY_STATUSES = frozenset({429, 503})
M = TypeVar("M", bound=BaseModel)


class Autocomplete(BaseModel):
    """`GET /v1/cards/autocomplete`: up to 20 names."""

    model_config = ConfigDict(extra="allow")
    object: str
    total_values: int
    data: list[str]


class CardList(BaseModel):
    """`POST /v1/cards/collection`: the cards found and the identifiers that named none."""

    model_config = ConfigDict(extra="allow")
    object: str
    data: list[Card]
    not_found: list[dict[str, Any]]


class SetInfo(BaseModel):
    """One set of `GET /v1/sets`."""

    model_config = ConfigDict(extra="allow")
    game: str
    code: str
    card_count: int


class ApiError(Exception):
    """A problem document (RFC 9457) the API answered, or an answer that is not one."""

    def __init__(self, status: int, problem: Mapping[str, Any]) -> None:
        self.status = status
        self.problem = dict(problem)
        self.code = str(problem.get("code", "HTTPError"))
        self.detail = str(problem.get("detail", ""))
        self.hint: str | None = problem.get("hint")
        super().__init__(f"{status} {self.code}: {self.detail}")

    @classmethod
    def of(cls, response: httpx.Response) -> ApiError:
        try:
            problem = response.json()
        except ValueError:
            problem = None
        if not isinstance(problem, dict):
            problem = {"code": "HTTPError", "detail": response.text[:200]}
        return cls(response.status_code, problem)


def retry_after(response: httpx.Response, now: float) -> float | None:
    """Seconds a `Retry-After` header asks for (delta-seconds or an HTTP date), or None."""
    value = response.headers.get("retry-after", "").strip()
    if value.isdigit():
        return float(value)
    try:
        return max(0.0, email.utils.parsedate_to_datetime(value).timestamp() - now)
    except (TypeError, ValueError, IndexError):
        return None


class TwgpClient:
    """The API at `base_url`. `api_key` is sent as a bearer token (writes, the server's
    collection, `--private` servers). `transport`: an httpx transport (a mock, a proxy);
    `http`: a ready httpx client instead (Starlette's TestClient over the app in process).
    `attempts` answers of 429/503 are tried in all, no wait longer than `max_wait`
    seconds."""

    def __init__(
        self,
        base_url: str = "http://127.0.0.1:8000",
        api_key: str | None = None,
        transport: httpx.BaseTransport | None = None,
        *,
        http: httpx.Client | None = None,
        timeout: float = 60.0,
        attempts: int = 4,
        max_wait: float = 60.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        if http is None:
            http = httpx.Client(base_url=base_url, transport=transport, timeout=timeout,
                                headers=headers)  # fmt: skip
            self._owned = True
        else:
            http.headers.update(headers)
            self._owned = False
        self.http = http
        self.attempts = attempts
        self.max_wait = max_wait
        self._sleep = sleep
        self._backoff = tenacity.wait_exponential_jitter(initial=1, max=30, jitter=1)

    # Plumbing -----------------------------------------------------------------------------

    def __enter__(self) -> TwgpClient:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:  # fmt: skip
        self.close()

    def close(self) -> None:
        if self._owned:
            self.http.close()

    def request(self, method: str, url: str, **options: Any) -> httpx.Response:
        """One call, retried on 429/503 (see the class); an error answer raises ApiError."""

        def wait(state: tenacity.RetryCallState) -> float:
            outcome = state.outcome
            if outcome is not None and not outcome.failed:
                asked = retry_after(outcome.result(), time.time())
                if asked is not None:
                    return asked
            return float(self._backoff(state))

        def stop(state: tenacity.RetryCallState) -> bool:
            return state.attempt_number >= self.attempts or wait(state) > self.max_wait

        retrying = tenacity.Retrying(
            retry=tenacity.retry_if_result(lambda r: r.status_code in RETRY_STATUSES),
            wait=wait,
            stop=stop,
            sleep=self._sleep,
            retry_error_callback=lambda state: state.outcome.result() if state.outcome else None,
        )
        response: httpx.Response = retrying(lambda: self.http.request(method, url, **options))
        if response.status_code >= 400:
            raise ApiError.of(response)
        return response

    def _get(self, url: str, model: type[M], **params: Any) -> M:
        answer = self.request("GET", url, params=_present(params))
        return model.model_validate(answer.json())

    # Cards --------------------------------------------------------------------------------

    def search(self, q: str = "", *, page_size: int = 100, lang: str = "en") -> Iterator[Card]:
        """Every card matching `q` (the query language of `twgp search`), page after page."""
        for page in self.search_pages(q, page_size=page_size, lang=lang):
            yield from page.cards

    def search_pages(
        self, q: str = "", *, page_size: int = 100, lang: str = "en"
    ) -> Iterator[CardPage]:
        """The pages of a search, following each page's `next_page`."""
        url: str | None = "/v1/cards"
        params: dict[str, Any] | None = {"q": q, "limit": page_size, "lang": lang}
        while url is not None:
            answer = self.request("GET", url, params=params)
            page = CardPage.model_validate(answer.json())
            yield page
            url, params = page.next_page, None

    def card(self, ref: str, *, lang: str = "en") -> CardWithPrintings:
        """One card by `game:source_id` (or `game:name`) with its printings."""
        game, _, source_id = ref.partition(":")
        if not source_id:
            raise ValueError(f"expected game:source_id, got {ref!r}")
        return self._get(f"/v1/cards/{_quoted(game)}/{_quoted(source_id)}", CardWithPrintings,
                         lang=lang)  # fmt: skip

    def named(
        self, *, exact: str | None = None, fuzzy: str | None = None, game: str | None = None,
        lang: str = "en",
    ) -> Card:  # fmt: skip
        """One card by name: `exact` or `fuzzy` (typo-tolerant)."""
        return self._get("/v1/cards/named", Card, exact=exact, fuzzy=fuzzy, game=game, lang=lang)

    def autocomplete(self, q: str, *, game: str | None = None) -> list[str]:
        return self._get("/v1/cards/autocomplete", Autocomplete, q=q, game=game).data

    def random(self, q: str = "", *, lang: str = "en") -> Card:
        return self._get("/v1/cards/random", Card, q=q, lang=lang)

    def collection(self, identifiers: Sequence[Mapping[str, str]], *, lang: str = "en"
                   ) -> CardList:  # fmt: skip
        """The cards of up to 75 identifiers (`{"id": …}`, `{"name": …}`, `{"set": …,
        "collector_number": …}`, each with an optional `game`)."""
        answer = self.request("POST", "/v1/cards/collection", params={"lang": lang},
                              json={"identifiers": [dict(item) for item in identifiers]})
        return CardList.model_validate(answer.json())

    def sets(self, *, game: str | None = None) -> list[SetInfo]:
        answer = self.request("GET", "/v1/sets", params=_present({"game": game}))
        return [SetInfo.model_validate(item) for item in answer.json()["data"]]

    def games(self) -> list[Game]:
        return [Game.model_validate(item) for item in self.request("GET", "/v1/games").json()]

    # Decks --------------------------------------------------------------------------------

    def validate(self, deck: str, *, lang: str = "en") -> Validation:
        """A `.twgp` deck checked against its format's rules."""
        answer = self.request("POST", "/v1/decks/validate", params={"lang": lang},
                              content=deck.encode(),
                              headers={"Content-Type": "text/plain; charset=utf-8"})
        return Validation.model_validate(answer.json())

    def stats(self, deck: str) -> Stats:
        answer = self.request("POST", "/v1/decks/stats", content=deck.encode(),
                              headers={"Content-Type": "text/plain; charset=utf-8"})
        return Stats.model_validate(answer.json())

    def build(self, **options: Any) -> Built:
        """A deck built by the deck assistant: the options of `POST /v1/decks/build`
        (`format`, `games`, `from_` for `from`, `collection`, `goal`, `time_limit`…)."""
        body = {("from" if key == "from_" else key): value for key, value in options.items()}
        return Built.model_validate(self.request("POST", "/v1/decks/build", json=body).json())

    # Bulk data ----------------------------------------------------------------------------

    def bulk(self) -> BulkList:
        """The bulk files: every game's converted catalog as gzip JSON Lines and CSV."""
        return self._get("/v1/bulk", BulkList)

    def download(self, name: str, folder: Path) -> Path:
        """Save the bulk file `name` into `folder` (streamed); the file's path."""
        target = folder / Path(name).name
        with self.http.stream("GET", f"/v1/bulk/{_quoted(name)}") as response:
            if response.status_code >= 400:
                response.read()
                raise ApiError.of(response)
            with target.open("wb") as out:
                for chunk in response.iter_bytes():
                    out.write(chunk)
        return target


def _present(params: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in params.items() if value is not None}


def _quoted(part: str) -> str:
    from urllib.parse import quote

    return quote(part, safe="")
