import { existsSync } from 'node:fs';
import path from 'node:path';

let root: string | undefined;

/** The directory holding package.json, schema/ and dist/, whether running from sources or from dist/. */
export function projectRoot(): string {
  if (root) return root;
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'package.json')) || !existsSync(path.join(dir, 'schema'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the project root above ${__dirname}`);
    dir = parent;
  }
  root = dir;
  return dir;
}
