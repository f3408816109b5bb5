// Vite's asset URL imports (`import url from './file?url'`), as `vite/client` declares them.
declare module '*?url' {
  const url: string;
  export default url;
}
