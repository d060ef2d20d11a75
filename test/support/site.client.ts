import http from 'node:http';

export interface SiteAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * A request to a buyer site's address (`http://<subdomain>.shops.localhost:<port>/...`) from node: fetch neither
 * resolves `*.localhost` names nor sends a Host of its own, so this connects to 127.0.0.1 at the address's port and
 * sends the address's host, as a browser (which resolves `*.localhost` to this machine) does.
 */
export function requestSite(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<SiteAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const headers = { ...init.headers, Host: target.host };
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port: target.port || 80,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        headers,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}
