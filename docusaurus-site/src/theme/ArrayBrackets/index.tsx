/* ============================================================================
 * Copyright (c) Palo Alto Networks
 *
 * This source code is licensed under the MIT license found in the
 * LICENSE file in the root directory of this source tree.
 * ========================================================================== */

// Swizzled from docusaurus-theme-openapi-docs 4.3.5 (src/theme/ArrayBrackets), two changes: the
// brackets are <div>s, not <li>s, since the schema lists around them are <div>s now (see
// ../RequestSchema), and their text is less faded (opacity 0.75, not 0.6: 4.48:1 on white);
// .openapi-schema__array-bracket keeps the <li>'s padding.

import React from "react";

export const OpeningArrayBracket = () => (
  <div className="openapi-schema__array-bracket">
    <div
      style={{
        fontSize: "var(--ifm-code-font-size)",
        opacity: 0.75,
        marginLeft: "-.5rem",
        paddingBottom: ".5rem",
      }}
    >
      Array [
    </div>
  </div>
);

export const ClosingArrayBracket = () => (
  <div className="openapi-schema__array-bracket">
    <div
      style={{
        fontSize: "var(--ifm-code-font-size)",
        opacity: 0.75,
        marginLeft: "-.5rem",
      }}
    >
      ]
    </div>
  </div>
);
