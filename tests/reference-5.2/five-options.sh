#!/usr/bin/env bash
# The 5.x-only options (issue #26, port items 9-18) through tri-diff.cjs: 5.2.0 and our CLI with
# `compat: "5.2.0"` on fixtures/v5-features.yaml (and petstore for schemasOnly), each option
# set under tests/.work/ref52/<prefix>/. 4.3.5 refuses these options, so only the
# "ours (compat 5.2.0) -> 5.2.0" lines count. What is left differing is other items of the plan
# (samples 23, Postman 25/26, x-position 13, the description text of `List <pets> {all}`).
#   usage: ./five-options.sh [prefix]     (OPENAPI_DOCS_BIN picks the CLI, as for tri-diff.cjs)
set -u
cd "$(dirname "$0")"
P=${1:-five}
T=$PWD/fixtures/templates
V=fixtures/v5-features.yaml
run() { node tri-diff.cjs "$P/$1" "$2" ${3:+"$3"} 2>&1 | grep "ours" ; }
run noinfo $V '{"outputDir":"docs/out","sidebarOptions":{"groupPathsBy":"tag","categoryLinkSource":"tag"},"showSchemas":true,"showInfoPage":false}'
run mask $V '{"outputDir":"docs/out","sidebarOptions":{"groupPathsBy":"tag"},"maskCredentials":false,"hideSendButton":true}'
run templates $V "{\"outputDir\":\"docs/out\",\"sidebarOptions\":{\"groupPathsBy\":\"tag\",\"categoryLinkSource\":\"tag\"},\"showSchemas\":true,\"infoTemplate\":\"$T/info.mustache\",\"tagTemplate\":\"$T/tag.mustache\",\"schemaTemplate\":\"$T/schema.mustache\",\"template\":\"$T/api.mustache\",\"downloadUrl\":\"https://example.com/spec.yaml\",\"maskCredentials\":false}"
run infotemplate $V "{\"outputDir\":\"docs/out\",\"infoTemplate\":\"$T/info.mustache\"}"
run download $V '{"outputDir":"docs/out","downloadUrl":"https://example.com/spec.yaml","sidebarOptions":{"groupPathsBy":"tag","categoryLinkSource":"tag"}}'
run schemasonly $V '{"outputDir":"docs/out","sidebarOptions":{"groupPathsBy":"tag"},"schemasOnly":true}'
run petstore-schemasonly ../corpus/parity/petstore.yaml '{"outputDir":"docs/out","sidebarOptions":{"groupPathsBy":"tag"},"schemasOnly":true}'
