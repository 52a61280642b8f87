// What the "explorer-store" chunk holds: the theme's redux store (Redux Toolkit, immer and the
// explorer's slices), the middleware that keeps the reader's choices in session storage, and
// createAuth, which reads the credentials a reader stored. ./explorerStore loads it once the page
// needs a store that changes; until then the page reads its default state through react-redux
// alone.
export { createAuth } from "@theme/ApiExplorer/Authorization/slice";
export { createPersistanceMiddleware } from "@theme/ApiExplorer/persistanceMiddleware";
export { createStoreWithState } from "@theme/ApiItem/store";
