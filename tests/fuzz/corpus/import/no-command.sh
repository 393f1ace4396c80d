echo hello
ls -l
