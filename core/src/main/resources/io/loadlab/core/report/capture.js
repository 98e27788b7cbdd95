// Errors, console errors and blocked requests are kept for #loadlab-check (read by tests).
window.loadlabErrors = [];
window.addEventListener('error', function (e) { window.loadlabErrors.push('error: ' + e.message); });
window.addEventListener('unhandledrejection', function (e) { window.loadlabErrors.push('rejection: ' + e.reason); });
document.addEventListener('securitypolicyviolation', function (e) { window.loadlabErrors.push('blocked: ' + e.blockedURI); });
(function () {
  var original = console.error;
  console.error = function () {
    window.loadlabErrors.push('console: ' + Array.prototype.join.call(arguments, ' '));
    return original.apply(console, arguments);
  };
})();
