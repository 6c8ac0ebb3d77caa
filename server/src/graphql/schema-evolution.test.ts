import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildASTSchema, buildSchema, concatAST, findBreakingChanges } from 'graphql';
import { projectRoot } from '../common/paths';
import { loadTypeDefs } from './schema';

/**
 * TV apps in the field cannot all update at once, so the graph changes compatibly: a change that would break a
 * client of the last released schema (schema/released/schema.graphql) fails here, unless it is marked as accepted
 * in schema/released/accepted-breaking-changes.json with the reason. On a release, the current SDL
 * (GET /graphql/schema.graphql) replaces the released one and the accepted list is emptied.
 */
describe('schema evolution', () => {
  const released = buildSchema(readFileSync(path.join(projectRoot(), 'schema/released/schema.graphql'), 'utf8'));
  const current = buildASTSchema(concatAST(loadTypeDefs()));
  const accepted = JSON.parse(
    readFileSync(path.join(projectRoot(), 'schema/released/accepted-breaking-changes.json'), 'utf8'),
  ) as Array<{ change: string; why: string }>;
  const breaking = findBreakingChanges(released, current).map((c) => c.description);

  it('breaks no client of the released schema, except by changes marked as accepted with a reason', () => {
    const acceptedChanges = new Set(accepted.map((a) => a.change));
    expect(breaking.filter((change) => !acceptedChanges.has(change))).toEqual([]);
    for (const entry of accepted) expect(entry.why.length).toBeGreaterThan(20);
  });

  it('keeps no stale acceptance: each names a change that is there', () => {
    expect(accepted.map((a) => a.change).filter((change) => !breaking.includes(change))).toEqual([]);
  });

  it('would notice a field removed from a type a TV reads', () => {
    const trimmed = buildSchema(
      readFileSync(path.join(projectRoot(), 'schema/released/schema.graphql'), 'utf8').replace(
        /\n\s*"""[^"]*"""\n\s*hasParentPin: Boolean!/,
        '',
      ),
    );
    expect(findBreakingChanges(released, trimmed).map((c) => c.description)).toContain(
      'Device.hasParentPin was removed.',
    );
  });
});
