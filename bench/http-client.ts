/** A small HTTP client for the API benches: one request, its status and its time from send to the last byte. */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Timed {
  status: number;
  ms: number;
}

export function request(agent: http.Agent, url: string, method: 'GET' | 'POST' = 'GET', body?: string): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const outgoing = http.request(url, { method, agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
