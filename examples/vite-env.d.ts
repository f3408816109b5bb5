// Vite's client types (`import.meta.env`, asset imports) for the example pages, as a Vite app's
// own `src/vite-env.d.ts` has them.
/// <reference types="vite/client" />
