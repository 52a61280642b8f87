// Writes a large, valid OpenAPI 3.0 document of about `megabytes` MB (JSON, streamed): many tagged
// operations with parameters, request and response bodies, shared component schemas referenced
// with $ref, descriptions with Markdown and HTML. Usage: node big-spec.cjs <file> [megabytes]
"use strict";
const fs = require("fs");

function writeBigSpec(file, megabytes = 100) {
  const target = megabytes * 1024 * 1024;
  const fd = fs.openSync(file, "w");
  let written = 0;
  const write = (text) => {
    fs.writeSync(fd, text);
    written += Buffer.byteLength(text);
  };
  const words = "ticket event order venue seat price currency refund voucher attendee series schedule".split(" ");
  const prose = (i, n) => Array.from({ length: n }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(" ");
  write(`{"openapi":"3.0.3","info":{"title":"Big API","version":"1.0.0","description":"A generated spec of about ${megabytes} MB."},`);
  write(`"servers":[{"url":"https://api.example.com/v1"}],"tags":[`);
  write(Array.from({ length: 50 }, (_, t) => JSON.stringify({ name: `group${t}`, description: `Operations of group ${t}: ${prose(t, 20)}.` })).join(","));
  write(`],"components":{"schemas":{`);
  const schemaCount = 500;
  for (let s = 0; s < schemaCount; s++) {
    const properties = {};
    for (let p = 0; p < 20; p++) {
      properties[`field${p}`] = p % 5 === 0
        ? { type: "array", items: { type: "string", enum: ["a", "b", "c"] }, description: `A list: ${prose(s + p, 12)}.` }
        : { type: p % 2 ? "string" : "integer", description: `The ${prose(s * 3 + p, 8)} of the record (<b>see</b> \`field${p}\`).`, example: p % 2 ? `value ${s}-${p}` : s * p };
    }
    if (s % 4) properties.parent = { $ref: `#/components/schemas/Schema${s - 1}` }; // chains of four
    write(`${s ? "," : ""}"Schema${s}":${JSON.stringify({ type: "object", description: `Schema ${s}: ${prose(s, 30)}.`, required: ["field0"], properties })}`);
  }
  write(`}},"paths":{`);
  let i = 0;
  while (written < target - 4096) {
    const schema = `#/components/schemas/Schema${i % schemaCount}`;
    const properties = {};
    for (let p = 0; p < 40; p++) properties[`attr${p}`] = { type: "string", description: `Attribute ${p} of item ${i}: ${prose(i + p, 25)}.`, example: `example ${i}-${p}` };
    const item = {
      get: {
        operationId: `getItem${i}`, summary: `Get item ${i}`, tags: [`group${i % 50}`],
        description: `Returns item ${i}. ${prose(i, 60)}.\n\nSee [the guide](https://example.com/guide/${i}).`,
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" }, description: "The id." },
          { name: "expand", in: "query", schema: { type: "array", items: { type: "string" } }, description: `Expand ${prose(i, 5)}.` },
        ],
        responses: {
          200: { description: "OK", content: { "application/json": { schema: { type: "object", properties: { data: { $ref: schema }, extra: { type: "object", properties } } } } } },
          404: { description: "Not found" },
        },
      },
      put: {
        operationId: `putItem${i}`, summary: `Replace item ${i}`, tags: [`group${i % 50}`],
        requestBody: { content: { "application/json": { schema: { type: "object", properties } } } },
        responses: { 200: { description: "OK", content: { "application/json": { schema: { $ref: schema } } } } },
      },
    };
    write(`${i ? "," : ""}"/items${i}/{id}":${JSON.stringify(item)}`);
    i++;
  }
  write("}}\n");
  fs.closeSync(fd);
  return { bytes: written, paths: i, operations: 2 * i };
}

module.exports = { writeBigSpec };

if (require.main === module) {
  const [file, megabytes] = process.argv.slice(2);
  console.log(writeBigSpec(file, Number(megabytes ?? 100)));
}
