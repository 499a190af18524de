"""Property tests of the API from its own OpenAPI schema (schemathesis): whatever a generated
request holds — paths, queries, bodies of every declared media type, with and without a key —
the answer is never a 5xx, every error is a problem document, and every answer is one the
schema declares (status, media type, body). Bounded for CI: a few examples per operation, no
shrinking."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.helpers.records import MOXFIELD
from tests.service.conftest import Service, make_settings

EXAMPLES = 12


@pytest.fixture
def api_schema(service: Service) -> object:
    return schemathesis.openapi.from_asgi("/openapi.json", service.app)


@pytest.fixture
def key(service: Service) -> str:
    return service.key("schemathesis")


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=list(HealthCheck))  # fmt: skip
def test_no_generated_request_gets_a_server_error(case: schemathesis.Case[Any], key: str) -> None:
    response = case.call(headers={"Authorization": f"Bearer {key}"})
    case.validate_response(response, checks=[not_a_server_error, status_code_conformance,
                                             content_type_conformance,
                                             response_schema_conformance])  # fmt: skip
    if response.status_code >= 400:
        (content_type,) = response.headers["content-type"]
        assert content_type.startswith("application/problem+json"), (
            response.status_code, response.text[:300])


async def test_the_schema_is_valid_openapi_with_problems_keys_and_media_types(
    client: httpx.AsyncClient,
) -> None:
    schema = (await client.get("/openapi.json")).json()
    validate(schema)  # openapi-spec-validator: raises on an invalid document
    problem = schema["components"]["schemas"]["Problem"]
    assert {"type", "title", "status", "detail", "code"} <= set(problem["required"])
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    assert set(schema["components"]["securitySchemes"]) == {"bearer", "apiKey"}
    assert schema["components"]["securitySchemes"]["apiKey"]["name"] == "X-API-Key"
    paths = schema["paths"]
    override = paths["/v1/overrides/{game}/{source_id}"]["post"]
    assert override["security"] == [{"bearer": []}, {"apiKey": []}]  # a key is required
    assert {"401", "403", "413", "422", "429"} <= set(override["responses"])
    assert {} in paths["/v1/cards"]["get"]["security"]  # reads: a key is optional
    assert "security" not in paths["/healthz"]["get"]
    assert set(paths["/healthz"]["get"]["responses"]) == {"200"}
    not_found = paths["/v1/cards/{game}/{source_id}"]["get"]["responses"]["404"]
    assert not_found["content"] == {"application/problem+json": {
        "schema": {"$ref": "#/components/schemas/Problem"}}}
    exports = paths["/v1/decks/export"]["post"]["responses"]["200"]["content"]
    assert {"text/csv", "text/markdown", "text/html", "text/plain"} <= set(exports)
    streamed = paths["/v1/convert/{game}"]["post"]["responses"]["200"]["content"]
    assert "application/x-ndjson" in streamed
    download = paths["/v1/bulk/{name}"]["get"]["responses"]
    assert set(download["200"]["content"]) == {"application/gzip"}
    assert "304" in download


def nonconforming(schema: dict[str, Any], method: str, template: str, answer: object) -> list[str]:
    """Where `answer` is not the JSON document the schema declares for a 200 of `method` on
    `template`."""
    path = template.replace("~", "~0").replace("/", "~1")
    pointer = f"#/paths/{path}/{method.lower()}/responses/200/content/application~1json/schema"
    registry = Registry().with_resource("urn:twgp-api", Resource.from_contents(
        schema, default_specification=DRAFT202012))  # fmt: skip
    validator = Draft202012Validator({"$ref": "urn:twgp-api" + pointer}, registry=registry)
    return [f"{error.json_path}: {error.message}" for error in validator.iter_errors(answer)]


#: requests that each give an error: (method, path as sent, body, path in the schema, status)
SAMPLES = [
    ("GET", "/v1/cards?cursor=forged", "", "/v1/cards", 400),
    ("GET", "/v1/cards?limit=0", "", "/v1/cards", 422),
    ("GET", "/v1/cards/mtg/no-such-card", "", "/v1/cards/{game}/{source_id}", 404),
    ("GET", "/v1/cards/nogame/bolt", "", "/v1/cards/{game}/{source_id}", 404),
    ("POST", "/v1/overrides/mtg/m10-bolt", '{"grade": "04"}', "/v1/overrides/{game}/{source_id}", 401),
    ("POST", "/v1/decks/build", '{"goal": 5}', "/v1/decks/build", 422),
    ("POST", "/v1/decks/missing", '{"deck": "x"}', "/v1/decks/missing", 401),
    ("POST", "/v1/decks/validate", "[half]\n" + "1 mtg:m10-bolt\n" * 20, "/v1/decks/validate", 413),
]


@pytest.mark.parametrize(("method", "url", "body", "template", "status"), SAMPLES)
async def test_an_error_answered_is_one_the_schema_declares(
    db: str, method: str, url: str, body: str, template: str, status: int
) -> None:
    service = Service(make_settings(db, max_body=200))
    try:
        async with service.client() as client:
            schema = (await client.get("/openapi.json")).json()
            response = await client.request(method, url, content=body.encode(),
                                            headers={"content-type": "application/json"})
    finally:
        service.engines.dispose()
    assert response.status_code == status, response.text[:300]
    declared = schema["paths"][template][method.lower()]["responses"]
    assert str(status) in declared
    assert response.headers["content-type"] in declared[str(status)]["content"]


EXAMPLE = (Path(__file__).resolve().parents[2] / "converters" / "examples" / "mtg.json")
#: requests answered 200: (method, path as sent, content type, body, path in the schema)
ANSWERS = [
    ("GET", "/healthz", "", "", "/healthz"),
    ("GET", "/readyz", "", "", "/readyz"),
    ("GET", "/v1/formats", "", "", "/v1/formats"),
    ("GET", "/v1/games", "", "", "/v1/games"),
    ("GET", "/v1/cards?q=bolt&limit=1", "", "", "/v1/cards"),
    ("GET", "/v1/bulk", "", "", "/v1/bulk"),
    ("GET", "/v1/cards/mtg/m10-bolt?lang=ja", "", "", "/v1/cards/{game}/{source_id}"),
    ("POST", "/v1/decks/validate", "text/plain", "[life]\n1 mtg Lightning Bolt\n", "/v1/decks/validate"),
    ("POST", "/v1/decks/stats", "text/plain", "[life]\n1 mtg Lightning Bolt\n", "/v1/decks/stats"),
    ("POST", "/v1/decks/import?from=mtga", "text/plain", "4 Lightning Bolt (M10) 146\n1 Nowhere Card\n", "/v1/decks/import"),
    ("POST", "/v1/decks/build", "application/json", '{"from": "catalog", "time_limit": 2}', "/v1/decks/build"),
    ("POST", "/v1/decks/missing", "application/json", '{"deck": "[life]\\n1 mtg Lightning Bolt\\n", "collection": []}', "/v1/decks/missing"),
    ("POST", "/v1/convert/mtg", "application/json", EXAMPLE.read_text(encoding="utf-8"), "/v1/convert/{game}"),
]


@pytest.mark.parametrize(("method", "url", "content_type", "body", "template"), ANSWERS,
                         ids=[f"{answer[0]} {answer[4]}" for answer in ANSWERS])
async def test_an_answer_is_the_document_the_schema_declares(
    client: httpx.AsyncClient, method: str, url: str, content_type: str, body: str,
    template: str,
) -> None:
    schema = (await client.get("/openapi.json")).json()
    response = await client.request(method, url, content=body.encode(),
                                    headers={"content-type": content_type} if body else {})
    assert response.status_code == 200, response.text[:300]
    assert nonconforming(schema, method, template, response.json()) == []
    assert response.json()  # an empty document would conform to little


async def test_override_answers_are_the_documents_the_schema_declares(
    writer: httpx.AsyncClient,
) -> None:
    schema = (await writer.get("/openapi.json")).json()
    operations = schema["paths"]["/v1/overrides/{game}/{source_id}"]
    registry = Registry().with_resource("urn:twgp-api", Resource.from_contents(
        schema, default_specification=DRAFT202012))  # fmt: skip
    set_ = await writer.post("/v1/overrides/mtg/m10-bolt", json={"grade": "04"})
    cleared = await writer.delete("/v1/overrides/mtg/m10-bolt")
    for method, response in (("post", set_), ("delete", cleared)):
        assert response.status_code == 200, response.text[:300]
        ref = operations[method]["responses"]["200"]["content"]["application/json"]["schema"]
        validator = Draft202012Validator({"$ref": "urn:twgp-api" + ref["$ref"]},
                                         registry=registry)  # fmt: skip
        assert list(validator.iter_errors(response.json())) == []
    assert cleared.json()["removed"] is True


async def test_collection_answers_are_the_documents_the_schema_declares(
    writer: httpx.AsyncClient,
) -> None:
    schema = (await writer.get("/openapi.json")).json()
    imported = await writer.post("/v1/collection/import", content=MOXFIELD,
                                 headers={"content-type": "text/csv"})
    listed = await writer.get("/v1/collection")
    assert imported.status_code == 200, imported.text[:300]
    assert listed.json()  # the entries imported
    assert nonconforming(schema, "post", "/v1/collection/import", imported.json()) == []
    assert nonconforming(schema, "get", "/v1/collection", listed.json()) == []
