"""Property tests of the API from its own OpenAPI schema (schemathesis): whatever a generated
request holds — paths, queries, bodies of every declared media type, with and without a key —
the answer is never a 5xx, and every error is a problem document. Bounded for CI: a few
examples per operation, no shrinking."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error

from tests.service.conftest import Service

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
def test_no_generated_request_gets_a_server_error(case: schemathesis.Case, key: str) -> None:
    response = case.call(headers={"Authorization": f"Bearer {key}"})
    case.validate_response(response, checks=[not_a_server_error])
    if response.status_code >= 400:
        (content_type,) = response.headers["content-type"]
        assert content_type.startswith("application/problem+json"), (
            response.status_code, response.text[:300])
