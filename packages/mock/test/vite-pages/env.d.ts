// What these pages read of Vite's `import.meta.env` (vite/client declares more).
interface ImportMeta {
  readonly env: { readonly DEV: boolean };
}
