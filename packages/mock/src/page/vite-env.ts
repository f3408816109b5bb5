// Vite's development flag, in a module of its own: the CommonJS build (which has no `import.meta`)
// puts a stub in its place (tsdown.config.ts).

/** `import.meta.env.DEV` as the bundler replaced it; throws where nothing defines `import.meta.env`. */
export function viteDevFlag(): unknown {
  // Written out in full (the cast is erased): bundlers replace this exact text.
  return (import.meta as { env: { DEV?: unknown } }).env.DEV;
}
