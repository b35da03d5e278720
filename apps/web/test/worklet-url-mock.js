module.exports = '/capture.worklet.js';
