import { Kind, type OperationDefinitionNode } from 'graphql';
import { portalOperations } from '../../../tests/support/operations.cjs';
import { PORTAL_OPERATIONS } from './graph-metrics';

describe('PORTAL_OPERATIONS', () => {
  it("is the portal's operations (client/src/**/*.graphql), by name and type", () => {
    const portal = Object.fromEntries(
      portalOperations().map(({ name, document }) => {
        const operation = document.definitions.find(
          (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
        );
        return [name, operation?.operation];
      }),
    );
    expect(PORTAL_OPERATIONS).toEqual(portal);
  });
});
