// zod compiles object schemas with `new Function` unless told not to, and probes for it when the
// first one is made. The site's content security policy forbids eval, so in the browser that probe
// was a reported violation; server and browser share the schemas and run them alike, jitless.
// Imported first by every schema module that makes objects.
import { config } from 'zod/v4/core';

config({ jitless: true });
