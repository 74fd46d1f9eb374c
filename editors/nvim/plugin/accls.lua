-- The accls user commands, defined without setup() so that they exist for
-- `vim.lsp.enable('accls')` users too (Neovim 0.11+). The server is started
-- by require('accls').setup() or by vim.lsp.enable('accls').
if vim.g.loaded_accls then
  return
end
vim.g.loaded_accls = true
require('accls').commands()
