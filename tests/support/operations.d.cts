import type { DocumentNode } from 'graphql';

export interface PortalOperation {
  name: string;
  /** The document as Apollo Client sends it: the operation, the fragments it uses, `__typename` added. */
  document: DocumentNode;
  query: string;
}

/** Every operation the portal sends (client/src/**\/*.graphql), as it goes over the wire. */
export function portalOperations(): PortalOperation[];

export function portalOperation(name: string): PortalOperation;
