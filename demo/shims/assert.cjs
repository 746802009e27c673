/* global module */
// node:assert for the demo's browser build. CommonJS, so `require('assert')` is the function itself.
function assert(value, message) {
  if (!value) throw message instanceof Error ? message : new Error(message || 'Assertion failed');
}
assert.ok = assert;
assert.equal = (a, b, m) => assert(a == b, m);
assert.strictEqual = (a, b, m) => assert(a === b, m);
assert.notStrictEqual = (a, b, m) => assert(a !== b, m);
assert.deepStrictEqual = (a, b, m) => assert(JSON.stringify(a) === JSON.stringify(b), m);
assert.fail = (m) => assert(false, m);
assert.strict = assert;
assert.default = assert;
module.exports = assert;
