/**
 * A data file the app ships (public/data, built by `npm run data`), checked as it arrives. A
 * server that lacks it often answers its address with the app's own page (a single-page app's
 * fallback, as `vite preview` does): the bytes read then were the page's, and MNIST said
 * `magic is "<!do"` while the text dataset would have trained on the page's HTML.
 */
export function servedFile(response: Response, target: URL, who: string): Response {
  if (!response.ok) throw new Error(`${who}: ${target.pathname} answered ${response.status} ${response.statusText}`);
  if ((response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/html'))
    throw new Error(
      `${who}: ${target.pathname} is not on this server (it answered with a web page in its place); npm run data builds it`,
    );
  return response;
}
