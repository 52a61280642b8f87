// The code of an API page's parameter, request-body and response panels, which StaticUntilUsed keeps
// as the server's HTML until the reader reaches for one (../ParamsDetails, ../RequestSchema,
// ../StatusCodes): one chunk for the three ("api-panels", ./panelModules), the markdown renderer
// their descriptions need (../Markdown/renderer), and the explorer's store (./explorerStore), which
// the content-type tabs of the request body and the responses change. Loading either panel's code
// loads the others'.
import { lazyModule } from "../../hydration/lazyModule";
import { codeOf, lazyPart } from "../../hydration/lazyPart";
import markdownRenderer from "../Markdown/renderer";
import { STORE_CODE } from "./explorerStore";

const panelModules = lazyModule(() => import(/* webpackChunkName: "api-panels" */ "./panelModules"));

export const ParametersPanel = lazyPart(panelModules, (m) => m.Parameters);
export const RequestBodyPanel = lazyPart(panelModules, (m) => m.RequestBody);
export const StatusCodesPanel = lazyPart(panelModules, (m) => m.StatusCodes);

/** What a panel needs before it goes live. */
export const PANEL_CODE = codeOf(ParametersPanel, markdownRenderer, STORE_CODE);
