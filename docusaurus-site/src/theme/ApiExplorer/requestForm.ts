// The request form (@theme/ApiExplorer/Request) as a chunk of its own ("request-form"): its code
// (react-hook-form, react-live, react-modal and the form's items) is a quarter of what an API page
// would load before any interaction, for a panel most readers never touch. ApiExplorer keeps the
// form's server HTML until the reader reaches for it, and loads this chunk then.
import { lazyModule } from "../../hydration/lazyModule";
import { lazyPart } from "../../hydration/lazyPart";

const RequestForm = lazyPart(lazyModule(() => import(/* webpackChunkName: "request-form" */ "@theme/ApiExplorer/Request")));

export default RequestForm;
