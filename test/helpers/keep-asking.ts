import http from 'node:http';

/**
 * Clients that ask a server for the same paths, over keep-alive connections, again and again until stopped: how
 * many answers came, and each path that was answered with anything but 200 (a negative status: the request or
 * the answer failed).
 */
export function keepAsking(url: string, paths: readonly string[], clients: number): { stop(): Promise<{ answered: number; wrong: string[] }> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const wrong: string[] = [];
  let answered = 0;
  let running = true;
  const client = async () => {
    while (running) {
      for (const pathname of paths) {
        const status = await new Promise<number>((resolve) => {
          const request = http.get(`${url}${pathname}`, { agent }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
            response.on('error', () => resolve(-1));
          });
          request.on('error', () => resolve(-2));
        });
        answered++;
        if (status !== 200) wrong.push(`${pathname} answered ${status}`);
      }
    }
  };
  const running$ = Array.from({ length: clients }, client);
  return {
    async stop() {
      running = false;
      await Promise.all(running$);
      agent.destroy();
      return { answered, wrong: [...new Set(wrong)] };
    },
  };
}
