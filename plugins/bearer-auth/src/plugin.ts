import type { EnclaveInstance } from '@enclave/core'
import { resolveOptions } from './options.js'
import type { BearerAuthOptions, VerifyBearerAuthFactory } from './types.js'
import { asPreParsingHook, createVerifier } from './verifier.js'

/**
 * Registers the check into the context the user registers the plugin in (it is wrapped, see
 * index.ts): that context's routes and its descendants' require a token, its parent's and
 * siblings' do not.
 */
export async function bearerAuth (instance: EnclaveInstance, given: BearerAuthOptions): Promise<void> {
  const options = resolveOptions(given, instance.log)

  // Decorated once per lineage: an ancestor's registration already gave the request its shape.
  if (!instance.hasRequestDecorator('bearerToken')) instance.decorateRequest('bearerToken', null)
  if (!instance.hasRequestDecorator('bearerPrincipal')) instance.decorateRequest('bearerPrincipal', null)

  if (options.hook === null) {
    const verifyBearerAuthFactory: VerifyBearerAuthFactory = function verifyBearerAuthFactory (factoryOptions) {
      const resolved = resolveOptions(factoryOptions, instance.log)
      return createVerifier(resolved, instance, resolved.hook !== null)
    }
    instance.decorate('verifyBearerAuth', createVerifier(options, instance, false))
    instance.decorate('verifyBearerAuthFactory', verifyBearerAuthFactory)
    return
  }

  const verify = createVerifier(options, instance, true)
  instance.addHook(options.hook, options.hook === 'preParsing' ? asPreParsingHook(verify) : verify)
}
