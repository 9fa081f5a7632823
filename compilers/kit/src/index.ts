/** The compiler kit's public entry: what every schema-library adapter (zod, joi, yup, standard-schema) builds on — request-part rules, errors, coercion, serializers and the OpenAPI transforms. */
import { calledAsCompilerMessage, isCompilerInput, isPlainObject, partsNotAnObjectMessage, unknownPartMessage } from './adapter-options.js'
import { describeIssues, ResponseMismatchError, SchemaCompilerError, SchemaValidationError } from './errors.js'
import { coercedParts, headerCaseMessage, httpParts, isHttpPart, stringParts, unknownHttpPartMessage } from './http-parts.js'
import { escapePointerSegment, segmentKey, toJsonPointer } from './json-pointer.js'
import { missingPropertyAt } from './missing-property.js'
import { boundedIssues, boundedText, maxIssueTextLength, maxReportedIssues } from './issue-bounds.js'
import { withOptionalDefaults } from './optional-defaults.js'
import { createOutputSchemaSerializer } from './output-schema-serializer.js'
import { describeValue, notASchemaMessage } from './schema-detection.js'
import { createStringCoercer, declaredPropertyNames } from './string-coercion.js'
import { registerJsonSchemaConverter, standardJsonSchemaOf, toJSONSchema } from './json-schema-converters.js'
import { markUnrepresentable, retargetJsonSchema, unrepresentableKeyword, resolveToJSONSchemaOptions, definitionsKeyword } from './json-schema-target.js'
import { jsonSchemaTransform, jsonSchemaTransformObject, openapiTransforms } from './openapi-transform.js'
import { zodMayRunAsync } from './zod-async-rules.js'
import { zodOutputMayDiffer } from './zod-output-rewrites.js'

export { calledAsCompilerMessage, isCompilerInput, isPlainObject, partsNotAnObjectMessage, unknownPartMessage } from './adapter-options.js'
export { describeIssues, ResponseMismatchError, SchemaCompilerError, SchemaValidationError } from './errors.js'
export { coercedParts, headerCaseMessage, httpParts, isHttpPart, stringParts, unknownHttpPartMessage } from './http-parts.js'
export { escapePointerSegment, segmentKey, toJsonPointer, type PathSegment } from './json-pointer.js'
export { missingPropertyAt } from './missing-property.js'
export { boundedIssues, boundedText, maxIssueTextLength, maxReportedIssues } from './issue-bounds.js'
export { withOptionalDefaults } from './optional-defaults.js'
export { createOutputSchemaSerializer, type OutputSchemaSerializer } from './output-schema-serializer.js'
export { describeValue, notASchemaMessage, type SchemaKind } from './schema-detection.js'
export { createStringCoercer, declaredPropertyNames, type JsonSchema, type StringCoercer } from './string-coercion.js'
export { registerJsonSchemaConverter, standardJsonSchemaOf, toJSONSchema, type JsonSchemaConverter } from './json-schema-converters.js'
export {
  markUnrepresentable, retargetJsonSchema, unrepresentableKeyword, resolveToJSONSchemaOptions, definitionsKeyword,
  type JsonSchemaTarget, type ToJSONSchemaOptions, type ResolvedToJSONSchemaOptions
} from './json-schema-target.js'
export { jsonSchemaTransform, jsonSchemaTransformObject, openapiTransforms, type SwaggerTransformInput, type SwaggerTransformObjectInput } from './openapi-transform.js'
export { zodMayRunAsync } from './zod-async-rules.js'
export { zodOutputMayDiffer } from './zod-output-rewrites.js'
export { adapterBinding, type AdapterExports } from './adapter-binding.js'

// `require('@enclave/compiler-kit')` returns this binding (see docs/architecture.md). The kit has no
// one main function, so it is a plain object holding every value.
const exported = {
  SchemaValidationError,
  SchemaCompilerError,
  ResponseMismatchError,
  describeIssues,
  httpParts,
  stringParts,
  isHttpPart,
  unknownHttpPartMessage,
  coercedParts,
  headerCaseMessage,
  segmentKey,
  escapePointerSegment,
  toJsonPointer,
  missingPropertyAt,
  boundedIssues,
  boundedText,
  maxIssueTextLength,
  maxReportedIssues,
  withOptionalDefaults,
  createOutputSchemaSerializer,
  describeValue,
  notASchemaMessage,
  createStringCoercer,
  declaredPropertyNames,
  isPlainObject,
  isCompilerInput,
  calledAsCompilerMessage,
  partsNotAnObjectMessage,
  unknownPartMessage,
  registerJsonSchemaConverter,
  standardJsonSchemaOf,
  toJSONSchema,
  markUnrepresentable,
  retargetJsonSchema,
  unrepresentableKeyword,
  resolveToJSONSchemaOptions,
  definitionsKeyword,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  openapiTransforms,
  zodMayRunAsync,
  zodOutputMayDiffer
}
export default exported
export { exported as 'module.exports' }
