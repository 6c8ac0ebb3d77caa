import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type DocumentNode } from 'graphql';
import { projectRoot } from '../common/paths';

/** The SDL files of schema/, base first, exactly as codegen reads them. */
export function loadTypeDefs(): DocumentNode[] {
  const dir = path.join(projectRoot(), 'schema');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.graphql'))
    .sort((a, b) => (a === 'base.graphql' ? -1 : b === 'base.graphql' ? 1 : a.localeCompare(b)));
  return files.map((f) => parse(readFileSync(path.join(dir, f), 'utf8')));
}
