-- Neovim 0.11+: `vim.lsp.enable('accls')` reads this configuration (merged
-- with whatever vim.lsp.config('accls', {…}) adds). require('accls').setup()
-- does both for you; use this file alone when you manage servers yourself:
--
--   vim.lsp.config('accls', { cmd = { '/path/to/accls' } })
--   vim.lsp.enable('accls')
local cfg = require('accls').lsp_config()
return {
  cmd = cfg.cmd,
  filetypes = cfg.filetypes,
  root_markers = cfg.root_markers,
  settings = cfg.settings,
  init_options = cfg.init_options,
  handlers = cfg.handlers,
}
