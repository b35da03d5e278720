/** Vite's `?worker&url` import: the built file's URL (the web tsconfig loads no `vite/client` types). */
declare module '*?worker&url' {
  const url: string;
  export default url;
}
