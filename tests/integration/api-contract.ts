import { buildOpenApiDocument } from '@lt/gateway';
import { OpenApiValidator } from '@lt/testing';

/**
 * The gateway's OpenAPI document as a check on real answers: the test API clients pass every answer through it,
 * so an undocumented route or status, or a body that is not the documented shape, fails the test.
 */
export const apiContract = new OpenApiValidator(buildOpenApiDocument());
