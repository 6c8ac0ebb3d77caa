import type { Request, Response } from 'express';
import { HttpExchange } from './context';

describe('HttpExchange', () => {
  it("gives resolvers the operation's request and response until the answer is sent, then holds neither", () => {
    const req = { method: 'POST' } as Request;
    const res = { statusCode: 200 } as Response;
    const exchange = new HttpExchange(req, res);
    expect(exchange.req).toBe(req);
    expect(exchange.res).toBe(res);

    exchange.release();
    expect(() => exchange.req).toThrow('This operation has already been answered.');
    expect(() => exchange.res).toThrow('This operation has already been answered.');
    // Nothing reachable from it any more: no own property keeps them either.
    expect(Object.values(exchange)).toEqual([]);
  });
});
