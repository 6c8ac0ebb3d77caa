import { buildASTSchema, concatAST, isEnumType, isInputObjectType, isObjectType, isScalarType } from 'graphql';
import { loadTypeDefs } from './schema';

describe('the SDL in schema/', () => {
  const schema = buildASTSchema(concatAST(loadTypeDefs()));
  const ownTypes = Object.values(schema.getTypeMap()).filter(
    (t) => !t.name.startsWith('__') && !['String', 'Int', 'Boolean', 'ID', 'Float'].includes(t.name),
  );

  it('describes every type, field, argument and enum value for Sandbox readers', () => {
    const missing: string[] = [];
    for (const type of ownTypes) {
      if (!type.description?.trim()) missing.push(type.name);
      if (isObjectType(type) || isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (!field.description?.trim()) missing.push(`${type.name}.${field.name}`);
          // The conventional single `input: XInput!` argument is described by its input type.
          for (const arg of 'args' in field ? field.args : []) {
            if (!arg.description?.trim() && arg.name !== 'input')
              missing.push(`${type.name}.${field.name}(${arg.name})`);
          }
        }
      }
      if (isEnumType(type))
        for (const value of type.getValues())
          if (!value.description?.trim()) missing.push(`${type.name}.${value.name}`);
    }
    expect(missing).toEqual([]);
    expect(ownTypes.some(isScalarType)).toBe(true);
  });
});
