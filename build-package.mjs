// Each package's `build` and `prepack`: tsdown with the package's own tsdown.config.ts, run through
// tsdown's API rather than its command. The command prints a deprecation warning on every Node
// below 22.18, once per package, while the repository supports Node 20.19+ and the pinned tsdown
// (~0.21) builds there; the API builds the same way without the warning.
import { build } from 'tsdown';

await build({});
