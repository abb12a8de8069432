// Globals that node and browsers both provide but ES2023's library leaves to the DOM and node typings, neither of
// which shared code sees. Anything else from outside the language belongs to the node or the browser side.
declare function structuredClone<T>(value: T): T;
