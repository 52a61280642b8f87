// What the "api-panels" chunk holds: the components of an API page's parameter, request-body and
// response panels, with the theme's schema and example components they render. ./panels.ts loads
// it once, the first time a reader reaches for any of these panels; then all three have their code.
export { default as Parameters } from "../ParamsDetails/Parameters";
export { default as RequestBody } from "../RequestSchema/Body";
export { default as StatusCodes } from "@theme-original/StatusCodes";
