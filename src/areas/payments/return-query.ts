// What the payer's browser brings back to a return address (and to a retry address): the link's reference and token.
import { Type } from '@sinclair/typebox';
import { VERBATIM } from '../../platform/http/input.js';

export const ReturnQuery = Type.Object({
  ref: Type.String({ maxLength: 100, description: "The link's reference" }),
  t: Type.Optional(
    Type.String({ maxLength: 100, description: "The link's token from the return address", [VERBATIM]: true }),
  ),
});

export const Html = Type.String({ description: 'text/html' });
