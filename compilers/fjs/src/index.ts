import {
  createSerializerCompiler,
  createSerializerCompilerFactory
} from './create-serializer-compiler.js'
import { createSerializationInspector } from './inspector/create-serialization-inspector.js'

export type { CodeCache } from './code-cache.js'
export type {
  SerializationInspector,
  SerializationInspectorOptions,
  SerializationIssue,
  SerializationIssueKind,
  SerializerCompiler,
  SerializerCompilerFactory,
  SerializerCompilerInput,
  SerializerFunction,
  SerializerOptions
} from './types.js'
export { createSerializationInspector, createSerializerCompiler, createSerializerCompilerFactory }

// `require('@enclave/fjs')` returns this binding (see docs/architecture.md): the factory itself,
// carrying the other exports, so CommonJS callers get the same API as `import`.
const exported = Object.assign(createSerializerCompilerFactory, {
  createSerializerCompilerFactory,
  default: createSerializerCompilerFactory,
  createSerializerCompiler,
  createSerializationInspector
})
export default exported
export { exported as 'module.exports' }
