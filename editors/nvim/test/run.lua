-- The headless test suite of the Neovim plugin:
--   nvim --headless -u NONE -i NONE -n --cmd 'set rtp^=editors/nvim' -c 'luafile editors/nvim/test/run.lua'
-- (scripts/nvim-test.sh does this). ACCLS_BIN is the server, ACCLS_ROOT the
-- repository; ACCLS_NVIM_FILTER runs only the tests whose name contains it.
-- Prints one line per test and `nvim: N passed, M failed` last; exits 1 when
-- a test failed.
local ok, err = xpcall(function()
  local H = dofile((vim.env.ACCLS_ROOT or '.') .. '/editors/nvim/test/helpers.lua')
  package.loaded['accls.test.helpers'] = H
  -- What a user's init.lua does (-u NONE skips filetype detection).
  vim.cmd('filetype on')
  vim.o.updatetime = 300
  require('accls').setup({ cmd = { H.bin } })
  local specs = { 'plugin_spec', 'lsp_spec', 'preview_spec' }
  for _, s in ipairs(specs) do
    dofile(H.root .. '/editors/nvim/test/' .. s .. '.lua')
  end
  local good = H.summary()
  -- Stop the servers before leaving, as a user's :qa does.
  local clients = vim.lsp.get_clients or vim.lsp.get_active_clients
  vim.lsp.stop_client(clients())
  vim.wait(2000, function()
    return #clients() == 0
  end, 20)
  vim.cmd(good and 'qall!' or 'cquit! 1')
end, debug.traceback)
if not ok then
  io.stdout:write('FAIL  the test runner: ' .. tostring(err) .. '\nnvim: 0 passed, 1 failed\n')
  io.stdout:flush()
  vim.cmd('cquit! 2')
end
