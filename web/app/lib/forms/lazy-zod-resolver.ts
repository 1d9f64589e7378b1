import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * `zodResolver` with the contract's schema loaded by the form's first check (`lazySchemas`), and
 * zod and the resolver with it: react-hook-form checks on submit first, so the page paints and
 * the member reads and types without them.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const [schema, { zodResolver }, { configureZodMessages }] = await Promise.all([
      loadSchema(),
      import('@hookform/resolvers/zod'),
      import('./zod-config'),
    ]);
    configureZodMessages();
    return zodResolver(schema)(values, context, options);
  };
}
