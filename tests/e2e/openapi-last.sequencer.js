// The response-schema suite also checks every answer the other suites recorded in this run:
// run it last so it sees them all. Everything else keeps Jest's own order.
const Sequencer = require('@jest/test-sequencer').default;

const isLast = (test) => test.path.includes('/tests/e2e/openapi/');

class OpenApiLastSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    return [...sorted.filter((test) => !isLast(test)), ...sorted.filter(isLast)];
  }
}

module.exports = OpenApiLastSequencer;
