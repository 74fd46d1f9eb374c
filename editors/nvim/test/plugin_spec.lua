-- The plugin itself: commands, configuration for every Neovim generation.
local H = require('accls.test.helpers')
local accls = require('accls')

H.test('plugin: plugin/accls.lua defines the commands', function()
  vim.cmd('runtime plugin/accls.lua')
  local cmds = vim.api.nvim_get_commands({})
  for _, c in ipairs({ 'AcclsKernels', 'AcclsRun', 'AcclsRunStop', 'AcclsDevice' }) do
    H.ok(cmds[c], ':%s is not defined', c)
  end
end)

H.test('plugin: setup() registers a FileType autocommand for C', function()
  local acs = vim.api.nvim_get_autocmds({ group = 'accls', event = 'FileType' })
  local pats = {}
  for _, a in ipairs(acs) do
    pats[a.pattern] = true
  end
  H.ok(pats.c, 'no FileType autocommand for c: %s', vim.inspect(acs))
  H.eq({ H.bin }, accls.config.cmd, 'cmd')
end)

H.test('plugin: options replace lists and merge tables', function()
  local m = accls._merge(accls.defaults, { filetypes = { 'c' }, run = { height = 5 }, settings = { accls = { cc = 'gcc' } } })
  H.eq({ 'c' }, m.filetypes, 'filetypes')
  H.eq(5, m.run.height, 'run.height')
  H.eq('botright split', m.run.split, 'run.split')
  H.eq({ accls = { cc = 'gcc' } }, m.settings, 'settings')
  H.eq(accls.defaults.root_markers, m.root_markers, 'root_markers')
end)

H.test('plugin: lsp/accls.lua gives a vim.lsp.config table (Neovim 0.11+)', function()
  local files = vim.api.nvim_get_runtime_file('lsp/accls.lua', false)
  H.ok(#files == 1, 'lsp/accls.lua not on the runtimepath')
  local cfg = dofile(files[1])
  H.eq({ H.bin }, cfg.cmd, 'cmd')
  H.ok(vim.tbl_contains(cfg.filetypes, 'c'), 'filetypes lack c')
  H.ok(vim.tbl_contains(cfg.root_markers, 'compile_commands.json'), 'root_markers')
  H.ok(type(cfg.handlers['accls/runOutput']) == 'function', 'no accls/runOutput handler')
end)

H.test('plugin: the root is the nearest directory with compile_flags.txt', function()
  local top = H.dir .. '/proj'
  vim.fn.mkdir(top .. '/src/deep', 'p')
  vim.fn.writefile({ '-DN=4' }, top .. '/compile_flags.txt')
  local f = top .. '/src/deep/x.c'
  vim.fn.writefile({ 'int x;' }, f)
  vim.cmd('noautocmd edit ' .. vim.fn.fnameescape(f)) -- no server for this one
  H.eq(top, accls.root_dir(0), 'root_dir')
  H.reset()
end)

H.test('plugin: a non-C buffer gets no client', function()
  local f = H.write('notes.txt', 'hello')
  vim.cmd('edit ' .. vim.fn.fnameescape(f))
  vim.wait(200)
  H.eq(0, #require('accls.util').clients(0), 'clients of a text buffer')
  H.reset()
end)

H.test('plugin: a missing server is one clear warning, not an error per buffer', function()
  accls.setup({ cmd = { H.dir .. '/no-such-accls' } })
  local before = #H.messages
  for i = 1, 2 do
    vim.cmd('edit ' .. vim.fn.fnameescape(H.write('missing' .. i .. '.c', 'int x;')))
  end
  vim.wait(100)
  local warnings = 0
  for i = before + 1, #H.messages do
    if tostring(H.messages[i].msg):find('not executable', 1, true) then
      warnings = warnings + 1
    end
  end
  H.eq(1, warnings, 'warnings about the missing server')
  H.eq(0, #require('accls.util').clients(0), 'clients')
  accls.setup({ cmd = { H.bin } })
  H.reset()
end)
