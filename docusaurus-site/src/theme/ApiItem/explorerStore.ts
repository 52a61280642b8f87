// The explorer's redux store, whose code (Redux Toolkit, immer, the slices: ./storeModules) is a
// chunk of its own ("explorer-store") that an API page loads only once something can change the
// store. Until then nothing does: the endpoint bar and the explorer only read the page's default
// state, and every panel that dispatches (the request form, the security panel, the code samples,
// the response panel, the content types of the request and response panels) stays the server's
// HTML until its code is here, and that code includes this chunk (STORE_CODE). Before, an API page
// fetched and evaluated Redux Toolkit on load (43 KB), a task of its own on a slow network
// (docs/notes/page-speed-log.md).
//
// createExplorerStore gives react-redux's Provider a store that holds the default state and takes
// listeners; once the chunk is here it becomes the theme's store, created from that same state
// object, and passes that store's notifications on. An action dispatched before (no part of the
// page does) waits for the chunk and is then dispatched.
import { lazyModule } from "../../hydration/lazyModule";
import { moduleCode } from "../../hydration/lazyPart";

type StoreModules = typeof import("./storeModules");

/** What react-redux needs of a store. */
export interface ExplorerStore {
  getState(): any;
  subscribe(listener: () => void): () => void;
  dispatch(action: any): any;
}

const storeModules = lazyModule<StoreModules>(() => import(/* webpackChunkName: "explorer-store" */ "./storeModules"));

/** The store's code. */
export const STORE_CODE = moduleCode(storeModules);

/** The theme's createAuth (credentials from session storage), once the store's code is here. */
export function loadedCreateAuth(): StoreModules["createAuth"] | undefined {
  return storeModules.loaded()?.createAuth;
}

function themeStore(modules: StoreModules, state: any, options: any): ExplorerStore {
  return modules.createStoreWithState(state, [modules.createPersistanceMiddleware(options)]);
}

/** A store that starts from `state`, with the theme's persistence `options` (themeConfig.api). */
export function createExplorerStore(state: any, options: any): ExplorerStore {
  const here = storeModules.loaded();
  if (here) {
    return themeStore(here, state, options);
  }
  let real: ExplorerStore | undefined;
  let queued: any[] = [];
  const listeners = new Set<() => void>();
  // The theme's store, from the first call after the code is here: created from the same state
  // object, which its reducers return unchanged, so no selector sees a change.
  const realStore = (): ExplorerStore | undefined => {
    const modules = storeModules.loaded();
    if (!real && modules) {
      real = themeStore(modules, state, options);
      real.subscribe(() => {
        for (const listener of [...listeners]) listener();
      });
    }
    return real;
  };
  const dispatchQueued = () => {
    const store = realStore();
    const actions = queued;
    queued = [];
    for (const action of actions) store?.dispatch(action);
  };
  return {
    getState: () => realStore()?.getState() ?? state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispatch(action) {
      const store = realStore();
      if (store && queued.length === 0) {
        return store.dispatch(action);
      }
      // Before the code is here: dispatched, in order, once it is. A failed request keeps the
      // action queued; the next dispatch tries again.
      queued.push(action);
      STORE_CODE.load().then(dispatchQueued, () => undefined);
      return action;
    },
  };
}
