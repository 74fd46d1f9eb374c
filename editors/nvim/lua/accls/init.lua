-- accls for Neovim: starts the OpenACC language server for C buffers and
-- adds :AcclsKernels, :AcclsRun, :AcclsRunStop and :AcclsDevice.
--
--   require('accls').setup({ cmd = { '/path/to/accls' } })
--
-- Neovim 0.7–0.10: setup() starts the server from a FileType autocommand
-- (vim.lsp.start_client on 0.7, vim.lsp.start on 0.8–0.10), one client per
-- project root. Neovim 0.11+: setup() hands the same configuration to
-- vim.lsp.config('accls', …) and vim.lsp.enable('accls'); lsp/accls.lua on
-- the runtimepath lets `vim.lsp.enable('accls')` work without setup().
local util = require('accls.util')

local M = {}

--- The defaults; setup(opts) merges opts over them.
M.defaults = {
  -- The server command; ACCLS_PATH overrides the default.
  cmd = { vim.env.ACCLS_PATH or 'accls' },
  filetypes = { 'c', 'cpp' },
  -- The project root is the nearest directory with one of these.
  root_markers = { 'compile_commands.json', 'compile_flags.txt', '.git' },
  -- Sent as initializationOptions and workspace/didChangeConfiguration:
  -- { accls = { includePaths = {…}, defines = {…}, cc = 'gcc', device = '…', … } }.
  settings = { accls = vim.empty_dict() },
  init_options = nil,
  -- Passed through to the client.
  capabilities = nil,
  on_attach = nil,
  -- :AcclsKernels opens the preview with this command; it refreshes on
  -- CursorHold and BufWritePost of the source buffer.
  kernels = { split = 'vertical rightbelow split', refresh = { 'CursorHold', 'BufWritePost' } },
  -- :AcclsRun shows the program's output in a split opened with this
  -- command; save = true writes the buffer first (the server runs the text
  -- of the buffer either way).
  run = { split = 'botright split', height = 12, save = false },
  -- Show the server's code lenses ("Show kernels", "▶ Run"); run one with
  -- vim.lsp.codelens.run().
  codelens = true,
}

M.config = vim.deepcopy(M.defaults)

local islist = vim.islist or vim.tbl_islist

-- merge(a, b): b over a, recursively for tables; a list in b replaces the
-- one in a (vim.tbl_deep_extend would merge them index by index).
local function merge(a, b)
  if type(a) ~= 'table' or type(b) ~= 'table' or islist(b) and next(b) ~= nil then
    if b == nil then
      return vim.deepcopy(a)
    end
    return vim.deepcopy(b)
  end
  local out = vim.deepcopy(a)
  for k, v in pairs(b) do
    out[k] = merge(out[k], v)
  end
  return out
end
M._merge = merge

local did_setup = false
local warned_missing = false

--- The directory of bufnr's file that holds one of the root markers (the
--- nearest), else the file's directory, else the working directory.
function M.root_dir(bufnr, markers)
  local name = vim.api.nvim_buf_get_name(bufnr or 0)
  local uv = vim.uv or vim.loop
  local dir = name ~= '' and vim.fn.fnamemodify(name, ':p:h') or uv.cwd()
  local d = dir
  while d and d ~= '' do
    for _, m in ipairs(markers or M.config.root_markers) do
      if uv.fs_stat(d .. '/' .. m) then
        return d
      end
    end
    local parent = vim.fn.fnamemodify(d, ':h')
    if parent == d then
      break
    end
    d = parent
  end
  return dir
end

--- The handlers accls needs beside Neovim's own: program output of a run and
--- its progress.
function M.handlers()
  local run = require('accls.run')
  return {
    ['accls/runOutput'] = function(err, result, ctx, config)
      return run.on_output(err, result, ctx, config)
    end,
    ['$/progress'] = function(err, result, ctx, config)
      run.on_progress(err, result, ctx, config)
      local default = vim.lsp.handlers['$/progress']
      if default then
        return default(err, result, ctx, config)
      end
    end,
  }
end

--- The client configuration, in the shape vim.lsp.start_client, vim.lsp.start
--- and vim.lsp.config all take (root_dir is added per buffer before 0.11).
function M.lsp_config(opts)
  local c = merge(M.config, opts or {})
  local init = c.init_options
  if init == nil then
    init = c.settings
  end
  local on_attach = c.on_attach
  -- Quick fixes that ask for text come as the command
  -- accls.applySnippetEdit, which this plugin runs (accls.snippet).
  local capabilities = merge(c.capabilities or vim.lsp.protocol.make_client_capabilities(),
    { experimental = { accls = { snippetEdits = true } } })
  return {
    name = 'accls',
    cmd = c.cmd,
    filetypes = c.filetypes,
    root_markers = c.root_markers,
    settings = c.settings,
    init_options = init,
    capabilities = capabilities,
    handlers = M.handlers(),
    on_attach = function(client, bufnr)
      M.on_attach(client, bufnr)
      if on_attach then
        on_attach(client, bufnr)
      end
    end,
  }
end

--- What accls sets up in a buffer it attaches to: code lens refreshes.
function M.on_attach(client, bufnr)
  if M.config.codelens and util.capabilities(client).codeLensProvider then
    local group = vim.api.nvim_create_augroup('accls_codelens_' .. bufnr, { clear = true })
    vim.api.nvim_create_autocmd({ 'BufEnter', 'CursorHold', 'InsertLeave', 'BufWritePost' }, {
      group = group,
      buffer = bufnr,
      callback = function()
        pcall(vim.lsp.codelens.refresh, { bufnr = bufnr })
      end,
      desc = 'accls: refresh code lenses',
    })
    pcall(vim.lsp.codelens.refresh, { bufnr = bufnr })
  end
end

-- The commands of the server's code lenses run here, in the client
-- (vim.lsp.commands), so that they open the preview and the run window.
local function lens_buffer(cmd, ctx)
  local arg = cmd.arguments and cmd.arguments[1]
  if type(arg) == 'table' and arg.textDocument and arg.textDocument.uri then
    local b = vim.uri_to_bufnr(arg.textDocument.uri)
    if b ~= vim.api.nvim_get_current_buf() then
      local w = util.win_of(b)
      if not w then
        return nil
      end
      vim.api.nvim_set_current_win(w)
    end
    return b, arg
  end
  return ctx and ctx.bufnr or vim.api.nvim_get_current_buf(), arg
end

vim.lsp.commands['accls.showKernels'] = function(cmd, ctx)
  local b, arg = lens_buffer(cmd, ctx)
  if not b then
    return
  end
  if type(arg) == 'table' and type(arg.position) == 'table' then
    pcall(vim.api.nvim_win_set_cursor, 0, { arg.position.line + 1, 0 })
  end
  require('accls.kernels').open()
end

vim.lsp.commands['accls.run'] = function(cmd, ctx)
  if lens_buffer(cmd, ctx) then
    require('accls.run').start()
  end
end

vim.lsp.commands['accls.applySnippetEdit'] = function(cmd, ctx)
  require('accls.snippet').apply(cmd, ctx)
end

vim.lsp.commands['accls.selectDevice'] = function(cmd)
  local arg = cmd.arguments and cmd.arguments[1]
  require('accls.devices').select(type(arg) == 'string' and arg or nil)
end

local function start_config(bufnr)
  local cfg = M.lsp_config()
  cfg.root_dir = M.root_dir(bufnr, cfg.root_markers)
  cfg.root_markers = nil
  cfg.filetypes = nil
  return cfg
end

--- Starts accls for bufnr (or reuses the client of its project) and attaches
--- it. Returns the client id. Not used on 0.11+, where vim.lsp.enable does it.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.bo[bufnr].buftype ~= '' then
    return nil
  end
  local cfg = start_config(bufnr)
  if type(cfg.cmd) == 'table' and vim.fn.executable(cfg.cmd[1]) ~= 1 then
    if not warned_missing then
      warned_missing = true
      util.warn(string.format("the server '%s' is not executable; pass cmd = { '/path/to/accls' } to " ..
        "require('accls').setup() or set ACCLS_PATH", tostring(cfg.cmd[1])))
    end
    return nil
  end
  if vim.lsp.start then
    -- 0.8+: vim.lsp.start reuses a client of the same name and root.
    local id
    vim.api.nvim_buf_call(bufnr, function()
      id = vim.lsp.start(cfg)
    end)
    return id
  end
  for _, c in ipairs(util.clients()) do
    if c.config.root_dir == cfg.root_dir then
      vim.lsp.buf_attach_client(bufnr, c.id)
      return c.id
    end
  end
  local id = vim.lsp.start_client(cfg)
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

--- Defines the user commands (plugin/accls.lua does too, so they exist
--- without setup()).
function M.commands()
  local cmd = vim.api.nvim_create_user_command
  cmd('AcclsKernels', function(a)
    require('accls.kernels').open({ toggle = a.bang })
  end, { bang = true, desc = 'accls: show the OpenCL kernels of the OpenACC code beside the source (! closes)' })
  cmd('AcclsRun', function(a)
    require('accls.run').start({ args = a.fargs })
  end, { nargs = '*', desc = 'accls: translate, build and run this program on the selected OpenCL device' })
  cmd('AcclsRunStop', function()
    require('accls.run').stop()
  end, { desc = 'accls: stop the running program' })
  cmd('AcclsDevice', function(a)
    require('accls.devices').select(a.args ~= '' and a.args or nil)
  end, { nargs = '?', desc = 'accls: choose the OpenCL device for :AcclsRun' })
end

--- setup(opts): configure and enable accls. Keys as in M.defaults.
function M.setup(opts)
  M.config = merge(M.defaults, opts or {})
  warned_missing = false
  M.commands()
  if vim.lsp.config and vim.lsp.enable then
    -- 0.11+: the built-in configuration framework starts and attaches.
    local cfg = M.lsp_config()
    vim.lsp.config('accls', cfg)
    vim.lsp.enable('accls')
    did_setup = true
    return
  end
  local group = vim.api.nvim_create_augroup('accls', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = M.config.filetypes,
    callback = function(a)
      M.attach(a.buf)
    end,
    desc = 'accls: start the OpenACC language server',
  })
  -- Buffers opened before setup().
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(b) and vim.tbl_contains(M.config.filetypes, vim.bo[b].filetype) then
      M.attach(b)
    end
  end
  did_setup = true
end

function M.is_setup()
  return did_setup
end

return M
