// `apiRoutes: "plugin"`: the components a generated page may import, by module specifier and
// export name, as the recorded trees name them (api-routes-record.js). The plugin refuses a page
// that imports anything else (api-routes-pages.js reads this list from SUPPORTED_IMPORTS there).
import ApiLogo from "@theme/ApiLogo";
import Export from "@theme/ApiExplorer/Export";
import MethodEndpoint from "@theme/ApiExplorer/MethodEndpoint";
import Heading from "@theme/Heading";
import OperationTabs from "@theme/OperationTabs";
import ParamsDetails from "@theme/ParamsDetails";
import RequestSchema from "@theme/RequestSchema";
import Schema from "@theme/Schema";
import SchemaTabs from "@theme/SchemaTabs";
import StatusCodes from "@theme/StatusCodes";
import TabItem from "@theme/TabItem";
import Translate from "@docusaurus/Translate";

export default {
  "@theme/ApiLogo#default": ApiLogo,
  "@theme/ApiExplorer/Export#default": Export,
  "@theme/ApiExplorer/MethodEndpoint#default": MethodEndpoint,
  "@theme/Heading#default": Heading,
  "@theme/OperationTabs#default": OperationTabs,
  "@theme/ParamsDetails#default": ParamsDetails,
  "@theme/RequestSchema#default": RequestSchema,
  "@theme/Schema#default": Schema,
  "@theme/SchemaTabs#default": SchemaTabs,
  "@theme/StatusCodes#default": StatusCodes,
  "@theme/TabItem#default": TabItem,
  "@docusaurus/Translate#default": Translate,
};
